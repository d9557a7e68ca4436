import { Button } from '@atelier/ui';
import { useGenerateTestContent } from '../api/generate-test-content';
import { useCurrentUserType } from '../api/get-current-user-type';
import { useResetLimits } from '../api/reset-limits';
import { useSwitchUser, type TestUserType } from '../api/switch-user';

const USER_TYPES: readonly TestUserType[] = ['free', 'basic', 'advanced', 'pro'];

/**
 * /app/dev. SPEC §2 says the page renders nothing visible; we render its actions as a plain panel when the
 * server's developer tools answer (GET /api/dev/current-user-type), and nothing otherwise (docs/decisions.md).
 */
export function DevToolsPanel({ reload }: { reload?: () => void }) {
  const current = useCurrentUserType();
  const switchUser = useSwitchUser(reload);
  const generate = useGenerateTestContent();
  const reset = useResetLimits();
  if (!current.isSuccess) return null;

  return (
    <section aria-labelledby="dev-tools-title" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 id="dev-tools-title" className="text-3xl">
          Developer tools
        </h1>
        <p className="text-sm text-muted-foreground">
          Testing as <strong>{current.data}</strong> user.
        </p>
      </div>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
        <legend className="px-1 text-sm font-semibold">Switch user type</legend>
        <div className="flex flex-wrap gap-2">
          {USER_TYPES.map((type) => (
            <Button
              key={type}
              variant={type === current.data ? 'default' : 'outline'}
              size="sm"
              disabled={switchUser.isPending}
              onClick={() => switchUser.mutate(type)}
            >
              {type}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" disabled={generate.isPending} onClick={() => generate.mutate()}>
          Generate test content
        </Button>
        <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
          Reset limits
        </Button>
      </div>
    </section>
  );
}
