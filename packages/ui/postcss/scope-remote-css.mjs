// PostCSS plugin for a remote's stylesheet; add it after @tailwindcss/postcss:
//   plugins: [tailwindcss({ base }), scopeRemoteCss({ remote: 'mf_canvas' })]
//
// Why: the shell and each remote ship their own Tailwind utilities. When a remote's sheet loads later and
// re-declares `.hidden`, it beats the shell's `lg:flex` on `hidden lg:flex` (same layer, same specificity,
// later wins) and the shell's desktop navigation disappears. This confines the remote's utilities to its
// container: each rule `S` becomes `[data-remote="x"] S, [data-remote="x"]S`. Inside the remote its own
// rules win and keep their order; outside they never match. Theme variables and keyframes stay global.
// Content a remote portals out of its container (dialogs) should carry the same data-remote attribute.

/** @param {{ remote: string }} options */
export default function scopeRemoteCss({ remote }) {
  if (!/^[a-z0-9_]+$/.test(remote)) throw new Error(`scopeRemoteCss: bad remote name "${remote}"`);
  const scope = `[data-remote="${remote}"]`;
  return {
    postcssPlugin: 'atelier-scope-remote-css',
    Once(root) {
      root.walkRules((rule) => {
        let inUtilities = false;
        for (let parent = rule.parent; parent && parent.type !== 'root'; parent = parent.parent) {
          if (parent.type !== 'atrule') continue;
          if (/keyframes$/.test(parent.name)) return;
          if (parent.name === 'layer') {
            if (parent.params !== 'utilities') return;
            inUtilities = true;
          }
        }
        if (!inUtilities) return;
        rule.selectors = rule.selectors.flatMap((selector) => [`${scope} ${selector}`, `${scope}${selector}`]);
      });
    },
  };
}
scopeRemoteCss.postcss = true;
