/**
 * What runs in <head> before the first paint, inline in every document (web/build.ts): the stored
 * colour mode (key aurum-portal:color-mode) applied so the first paint has it, and the prerendered
 * page hidden from a visitor who is most likely on their way elsewhere (main.tsx), and, on a
 * prerendered page, the app's scripts requested only after the first paint, and a form sent
 * before the app is ready held for it. Inline rather
 * than a file: a render-blocking request less on a phone. The content security policy allows
 * exactly this script by its hash (shared/site/site-rules.ts), so it must stay a constant.
 */
export const HEAD_SCRIPT = `// The stored colour mode (key aurum-portal:color-mode), applied before the first paint and again
// when the system's changes; and until the app has taken the page over, its theme menu works on its
// own (theme/color-mode.ts after).
(function () {
  var KEY = 'aurum-portal:color-mode';
  var root = document.documentElement;
  function apply(choice) {
    var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.remove('dark', 'light');
    root.classList.add(dark ? 'dark' : 'light');
    root.style.colorScheme = dark ? 'dark' : 'light';
  }
  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  apply(stored());
  // "System" follows the operating system live, from the first paint on (the app's scripts may not be here yet).
  if (window.matchMedia) matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function () { apply(stored()); });
  document.addEventListener('change', function (event) {
    var menu = event.target;
    if (window.aurumReady || !menu || !menu.getAttribute || menu.getAttribute('aria-label') !== 'Theme') return;
    try {
      if (menu.value === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, menu.value);
    } catch (e) {}
    apply(menu.value);
  }, true);
})();
// A signed-out page arrives prerendered; a visitor whose session Amplify may have stored (its keys
// end in .LastAuthUser) or who is coming back from Google is most likely going elsewhere, so the
// page stays hidden until the app has rendered what is true for them (main.tsx).
(function () {
  var restoring = /[?&]state=/.test(location.search) && /[?&](code|error)=/.test(location.search);
  try {
    for (var i = 0; !restoring && i < localStorage.length; i++) {
      var key = localStorage.key(i) || '';
      if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\\.LastAuthUser$/.test(key)) restoring = true;
    }
  } catch (e) {}
  if (restoring) document.documentElement.classList.add('aurum-restoring');
})();
// A prerendered page lists its scripts (entry first) instead of loading them: it needs none to be
// seen, so on a slow phone connection the page's HTML is not shared with ~170 KB of JavaScript.
// They are requested right after the first paint, the entry's imports preloaded beside it.
(function () {
  var meta = document.querySelector('meta[name="aurum-scripts"]');
  if (!meta) return;
  var files = meta.getAttribute('content').split(' ');
  function load() {
    for (var i = 1; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.src = files[0];
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () { setTimeout(load, 0); });
})();
// Until the app has taken the page over, a form sent is held, not sent (a native submission would
// put the password in the address): main.tsx sends it again once the app is in charge.
// So is a click on a button that acts without a form ("Continue with Google", data-held-click).
(function () {
  document.addEventListener('submit', function (event) {
    if (window.aurumReady) return;
    event.preventDefault();
    // Nor handled by React now (it may have hydrated a moment before the app says it is ready): once, when replayed.
    event.stopPropagation();
    window.aurumHeldSubmit = event.target;
  }, true);
  document.addEventListener('click', function (event) {
    if (window.aurumReady) return;
    var button = event.target && event.target.closest ? event.target.closest('[data-held-click]') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    window.aurumHeldClick = button.getAttribute('data-held-click');
  }, true);
})();`;
