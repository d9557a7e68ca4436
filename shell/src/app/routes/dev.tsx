/** /app/dev: developer tools; renders nothing visible (SPEC §2). Its actions come with the shell experience issue. */
export function DevRoute() {
  return null;
}

export const Component = DevRoute;
