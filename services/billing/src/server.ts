// The process's entry. kit's module hooks must be registered before any module of the service loads
// (they keep drizzle-orm's huge package.json from costing ~220 MB in Node 24), so the service itself
// is imported only afterwards.
import '@atelier/kit/module-hooks';

await import('./main.js');
