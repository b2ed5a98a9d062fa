/** Marks an element that must not appear in the screenshot (the capture indicator itself). */
export const CAPTURE_EXCLUDE_ATTRIBUTE = 'data-capture-exclude';

/**
 * Captures the page as a PNG data URL. html-to-image is loaded only when someone reports an issue,
 * so it stays out of the main bundle. Returns null when the page cannot be drawn (for example a
 * cross-origin logo taints it): the report then goes without a screenshot.
 */
export async function captureScreenshot(): Promise<string | null> {
  try {
    const { toPng } = await import('html-to-image');
    const target = document.body;
    return await toPng(target, {
      pixelRatio: 1,
      cacheBust: true,
      skipFonts: true,
      backgroundColor: getComputedStyle(target).backgroundColor || '#ffffff',
      width: document.documentElement.clientWidth,
      height: Math.max(document.documentElement.scrollHeight, window.innerHeight),
      filter: (node) => !(node instanceof Element && node.hasAttribute(CAPTURE_EXCLUDE_ATTRIBUTE)),
    });
  } catch (error) {
    console.warn('Screenshot failed; the issue can be reported without it.', error);
    return null;
  }
}
