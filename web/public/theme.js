// Runs in <head> before the app: applies the stored colour mode (key aurum-portal:color-mode) so the first paint has it.
(function () {
  var choice = null;
  try { choice = localStorage.getItem('aurum-portal:color-mode'); } catch (e) {}
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
