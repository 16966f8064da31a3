import { apiPath, compilePath, ROUTE_LIST } from '@tranche/shared/http/routes';
import { pickLang } from '@tranche/shared/i18n/langs';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, mapError } from '#lib/errors';

const matchers = ROUTE_LIST.map((r) => ({ method: r.method, ...compilePath(apiPath(r)) }));

/**
 * The API's `$default` route: whatever no route of the table matches gets a catalogued answer,
 * 405 when the path exists with another method, else 404.
 */
export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const path = event.rawPath ?? event.requestContext.http.path;
  const allowed = matchers.filter((m) => m.regex.test(path)).map((m) => m.method);
  const error = new DomainError(allowed.length ? 'METHOD_NOT_ALLOWED' : 'ROUTE_NOT_FOUND');
  const mapped = mapError(error, event.requestContext.requestId, pickLang(event.headers?.['accept-language']));
  return {
    statusCode: mapped.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // Like every other API answer: no shared cache may keep a refusal (the path may become a route).
      'cache-control': 'no-store',
      ...(allowed.length ? { allow: [...new Set(allowed)].join(', ') } : {}),
    },
    body: JSON.stringify(mapped.body),
  };
};
