/**
 * Browser features jsdom does not have and the components rely on, so component tests can run
 * them: the native <dialog>'s showModal() and close(), with Escape as the browser's cancel (the
 * top modal only); ResizeObserver (recharts' responsive charts); scrollIntoView and matchMedia.
 * Installed once per test file by render-app.tsx.
 */

/** Modal dialogs open now, the top one last. */
const openModals: HTMLDialogElement[] = [];

function installDialog(): void {
  const prototype = HTMLDialogElement.prototype;
  if (typeof prototype.showModal === 'function') return;
  prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    openModals.push(this);
  };
  prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    openModals.splice(openModals.indexOf(this), 1);
    // Browsers fire 'close' from a task, not inside close().
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
  // Escape is a close request for the top modal, unless something handled the key first.
  window.addEventListener('keydown', (event) => {
    const top = openModals.at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top?.isConnected) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

class NoResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function installDomShims(): void {
  installDialog();
  window.ResizeObserver ??= NoResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
