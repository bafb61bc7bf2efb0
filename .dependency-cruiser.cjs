/**
 * Dependency rules (issue 26, ADR 029): the core knows no feature, features meet only through
 * what each exports for the others (its index.ts), the web takes from the server only the pure
 * rules of server/domain, only the core writes audit rows, and nothing imports in a circle. `npm test` runs it (tests/unit/dependencies.test.ts).
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import circle: split the shared part out.', from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
    {
      name: 'core-imports-no-feature', severity: 'error',
      comment: 'The core (server/core) never imports a feature: a feature registers itself in server/features.ts.',
      from: { path: '^server/core/' }, to: { path: '^server/features/' },
    },
    {
      name: 'domain-is-pure', severity: 'error',
      comment: 'server/domain holds pure rules shared with the web: it imports nothing of the server or the web.',
      from: { path: '^server/domain/' }, to: { path: '^(server/(core|features)|web)/' },
    },
    {
      name: 'feature-through-its-index', severity: 'error',
      comment: 'A feature imports another feature only through what that feature exports for it (its index.ts).',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/([^/]+)/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'audit-writer-core-private', severity: 'error',
      comment: 'Only the core writes audit rows (issue 26 "one save path"): a feature saves through the records pipeline, or records a domain action with core/records/actions.ts.',
      from: { pathNot: ['^server/core/', '^tests/'] },
      to: { path: '^server/core/records/audit\\.ts$' },
    },
    {
      name: 'routes-only-from-index',
      comment: 'Route modules are registered, never imported for their helpers: only the feature index (or the app) imports them.',
      from: { pathNot: ['/index\\.ts$', '^server/app\\.ts$', '^tests/'] },
      to: { path: '^server/.*routes\\.ts$' },
    },
    {
      name: 'web-only-domain', severity: 'error',
      comment: 'The web imports from the server only server/domain (as @domain/...).',
      from: { path: '^web/' }, to: { path: '^server/', pathNot: '^server/domain/' },
    },
    {
      name: 'server-not-web', severity: 'error',
      comment: 'The server never imports the web app.',
      from: { path: '^server/' }, to: { path: '^web/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^web/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
