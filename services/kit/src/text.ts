/**
 * Text no client means to send and the product cannot carry: a NUL character (PostgreSQL cannot store it), half of
 * a UTF-16 surrogate pair (valid JSON escapes like "\u0000" or "\ud800" produce both), the other C0 control
 * characters but tab and line breaks, and the noncharacters U+FFFE and U+FFFF (XML has none of them: a prompt with
 * one failed every drawing of the picture it names). Refused at the edge of every service, before any charge.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'text must not contain NUL characters or unpaired surrogates (nor other control characters than tab and line breaks, nor U+FFFE or U+FFFF)';

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/**
 * The path of the first string or object key in `value` that is not safe text (`body.metadata.note`,
 * `query.cursor`, `body.<key>`), or null when everything is. Walks at most `maxNodes` values.
 */
export function findUnsafeText(value: unknown, path = 'body', maxNodes = 100_000): string | null {
  const stack: [unknown, string][] = [[value, path]];
  let seen = 0;
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (++seen > maxNodes) return null;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return at;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], `${at}[${i}]`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isSafeText(key)) return `${at} (a key)`;
        stack.push([child, `${at}.${key}`]);
      }
    }
  }
  return null;
}
