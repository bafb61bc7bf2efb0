/**
 * GET /api/openapi.json: an OpenAPI 3.1 document of every endpoint, generated from the declared
 * routes, their permission rules and their request schemas (so it cannot drift from the code).
 */
import { PERMISSIONS } from '../auth/permissions';
import { PUBLIC, type ApiRouter, type Rule } from '../http/router';
import { kindSchema, type ParamDecl } from '../http/params';

const parameters = (where: 'query' | 'path', decl: ParamDecl = {}) =>
  Object.entries(decl).map(([name, kind]) => ({ name, in: where, required: where === 'path', schema: kindSchema(kind) }));

const describeRule = (rule: Rule): string => {
  switch (rule.kind) {
    case 'public':
      return 'Public.';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'custom':
      return `Signed in; ${rule.name}.`;
    case 'anyOf':
      return `Needs ${rule.perms.map(([m, a]) => `${m}/${a} (${PERMISSIONS.modules[m].id}/${PERMISSIONS.actions[a]})`).join(' or ')}.`;
  }
};

export function openApiRoutes(r: ApiRouter) {
  r.get('/api/openapi.json', PUBLIC, (c) => {
    const { schemas, appVersion } = c.get('ctx');
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of r.declared) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const op: Record<string, unknown> = {
        operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
        description: describeRule(route.rule) + (route.opts.brandParam ? ` The user must be assigned to the brand in ${route.opts.brandParam}.` : ''),
        security: route.rule.kind === 'public' ? [] : [{ bearer: [] }],
        responses: {
          200: { description: 'OK' },
          400: { description: 'Invalid request: { IsSuccessful, Message, Errors[{Field, Message}] }' },
          401: { description: 'Not signed in' },
          403: { description: 'Not permitted' },
        },
      };
      const params = [...parameters('path', route.opts.params), ...parameters('query', route.opts.query)];
      if (params.length) op.parameters = params;
      if (route.opts.body) {
        const schema = schemas.requests.get(route.opts.body);
        op.requestBody = { content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
      }
      if (route.opts.form) {
        const schema = schemas.requests.get(route.opts.form)!;
        const withFile = {
          ...schema,
          required: [...(schema.required ?? []), 'file'],
          properties: { ...schema.properties, file: { type: 'string', format: 'binary' } },
        };
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: withFile } } };
      }
      (paths[path] ??= {})[route.method.toLowerCase()] = op;
    }
    return c.json({
      openapi: '3.1.0',
      info: { title: 'PLM Workbench API', version: appVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    });
  });
}
