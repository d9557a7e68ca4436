import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI machines are small and run packages in parallel; give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => cleanup());
