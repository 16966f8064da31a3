import type { Plugin } from 'vite';

const SHIM = '\0tranche:app-shell-remove-scroll';
/** Mantine's AppShell parts that import `react-remove-scroll` for one class name only. */
const APP_SHELL_PART =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/;

/**
 * Mantine's AppShell header, footer and aside import `RemoveScroll` from `react-remove-scroll` only to
 * read `RemoveScroll.classNames.zeroRight` (the class a modal's scroll lock pads by the scrollbar's
 * width, so fixed bars do not jump). That import put the whole scroll-lock library (with tslib,
 * use-sidecar and style singletons, ~4 KB gzipped) on every page, where only modals use it. For those
 * three files this resolves it to a module holding the same class names, read from the library's own
 * constants entry, so they cannot drift; modals still import the real library in their lazy chunks.
 */
export const appShellScrollBarClassPlugin = (): Plugin => ({
  name: 'tranche:app-shell-remove-scroll',
  enforce: 'pre',
  async resolveId(id, importer) {
    if (id !== 'react-remove-scroll' || !importer || !APP_SHELL_PART.test(importer)) return undefined;
    // The constants of the react-remove-scroll-bar that this react-remove-scroll itself uses.
    const library = await this.resolve(id, importer, { skipSelf: true });
    const constants = library && (await this.resolve('react-remove-scroll-bar/constants', library.id));
    if (!constants) throw new Error('react-remove-scroll-bar/constants not found beside react-remove-scroll');
    return `${SHIM}?${constants.id}`;
  },
  load(id) {
    if (!id.startsWith(`${SHIM}?`)) return undefined;
    const constants = id.slice(SHIM.length + 1);
    return [
      `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constants)};`,
      'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
    ].join('\n');
  },
});
