// Swagger UI of the whole public API: the gateway's combined document, "Authorize" with OAuth 2.0 client credentials
// (the consumer key and secret; the token comes from /oauth2/token) or a ready-made OAuth 1.0 Authorization header.
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi",
    dom_id: "#swagger-ui",
    deepLinking: true,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
    oauth2RedirectUrl: window.location.origin + "/openapi-ui/oauth2-redirect.html"
  });
};
