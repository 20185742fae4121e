// Start Swagger UI on /api/docs. Kept out of the page so that no inline script is needed.
window.addEventListener("load", function () {
  var node = document.getElementById("swagger-ui");
  var config = JSON.parse(node.dataset.config || "{}");
  config.url = node.dataset.specUrl;
  config.domNode = node;
  window.ui = SwaggerUIBundle(config);
});
