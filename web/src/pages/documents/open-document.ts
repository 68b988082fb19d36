/**
 * Opens a document's download link: the link answers the PDF as an attachment, so the browser
 * saves it and the page stays where it is. Its own module, so tests can see what was opened.
 */
export function openDocument(url: string): void {
  window.location.assign(url);
}
