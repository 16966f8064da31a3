/**
 * CloudFront Functions (cloudfront-js-2.0), as source text. Kept in ES5-ish style: the CloudFront
 * runtime is not Node.
 */

/**
 * SPA routing for the default (S3) behaviour: a path whose last segment has no extension is an app
 * route and gets the shell. Custom error responses would do the same for API 404s too.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The API resolves the portal (tenant) from the viewer's host name, which CloudFront does not forward
 * as Host to an API Gateway origin. It is copied here, overwriting any x-forwarded-host the viewer sent.
 */
export const FORWARD_HOST_FUNCTION = `function handler(event) {
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value : '';
  request.headers['x-forwarded-host'] = { value: host };
  return request;
}`;
