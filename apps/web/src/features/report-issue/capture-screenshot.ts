/** Marks an element that must not appear in the screenshot (the capture indicator itself). */
export const CAPTURE_EXCLUDE_ATTRIBUTE = 'data-capture-exclude';

/**
 * The capture library, loaded only when someone reports an issue so that it stays out of the main
 * bundle. Called as the button is pressed, it loads during the 2 s delay
 * (docs/product.md#report-an-issue).
 */
export function loadCapture() {
  return import('modern-screenshot');
}

/**
 * Captures what the person sees (the viewport, not the whole scrolled page) as a PNG data URL, in
 * well under a second (docs/architecture.md#waits). Fonts are not embedded and images are not
 * re-fetched. Returns null when the page cannot be drawn (for example a cross-origin logo taints
 * it): the report then goes without a screenshot.
 */
export async function captureScreenshot(): Promise<string | null> {
  try {
    const { domToPng } = await loadCapture();
    const target = document.body;
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    return await domToPng(target, {
      scale: 1,
      width,
      height,
      font: false,
      drawImageInterval: 0,
      backgroundColor: getComputedStyle(target).backgroundColor || '#ffffff',
      style: { transform: `translateY(-${window.scrollY}px)` },
      filter: (node) => {
        if (!(node instanceof Element)) return true;
        if (node.hasAttribute(CAPTURE_EXCLUDE_ATTRIBUTE)) return false;
        // Nothing below the fold is drawn: skipping it keeps the clone small on long lists.
        const box = node.getBoundingClientRect();
        return box.bottom >= 0 && box.top <= height;
      },
    });
  } catch (error) {
    console.warn('Screenshot failed; the issue can be reported without it.', error);
    return null;
  }
}
