// Starts Swagger UI on /docs from a file, not an inline script (the content security policy allows none).
window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
