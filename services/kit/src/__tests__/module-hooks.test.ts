import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('kit module hooks', () => {
  it('load drizzle-orm whole and working through its own files, not its 177 KB package.json', () => {
    const fixture = fileURLToPath(new URL('./fixtures/drizzle-with-hooks.ts', import.meta.url));
    const out = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', fixture], { encoding: 'utf8' })) as {
      query: string;
      resolved: string;
      anonymousKb: number;
    };
    expect(out.query).toBe('select "body" from "notes" where "notes"."body" = \'x\'');
    expect(out.resolved).toMatch(/\/node_modules\/drizzle-orm\/pg-core\/index\.js$/);
    // Reported for the record; the budget lives in `npm run bench` (memory section).
    console.log(`drizzle loaded with the hooks: ${Math.round(out.anonymousKb / 1024)} MB anonymous memory in the process`);
  });
});
