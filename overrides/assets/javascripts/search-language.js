/* Search only the current page's language.
 *
 * static-i18n writes one search index for all languages.  Material hands the
 * whole index to its search worker in a "setup" message (type 0); this wraps
 * the Worker constructor (the iframe-worker shim under file://) and filters
 * that message's documents by language folder: "en/..." for English pages,
 * everything outside the other languages' folders for the default language.
 */
(function () {
  var script = document.currentScript;
  var Native = window.Worker;
  if (!script || !Native) return;
  var folder = script.getAttribute("data-language-folder") || "";
  var others = (script.getAttribute("data-other-folders") || "").split(" ").filter(Boolean);

  function inLanguage(doc) {
    var location = String(doc.location || "");
    if (folder) return location.indexOf(folder) === 0;
    return !others.some(function (other) { return location.indexOf(other) === 0; });
  }

  function LanguageWorker(url, options) {
    var worker = new Native(url, options);
    var post = worker.postMessage;
    worker.postMessage = function (message) {
      if (message && message.type === 0 && message.data && Array.isArray(message.data.docs)) {
        message = { type: 0, data: Object.assign({}, message.data, { docs: message.data.docs.filter(inLanguage) }) };
      }
      return post.apply(worker, [message].concat([].slice.call(arguments, 1)));
    };
    return worker;
  }
  LanguageWorker.prototype = Native.prototype;
  window.Worker = LanguageWorker;
})();
