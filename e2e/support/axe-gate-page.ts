/**
 * The part of the accessibility gate that runs inside every page (docs/architecture.md#the-accessibility-gate).
 * Serialized with `toString()` into an init script after axe-core's own source, so it must not use
 * anything from its module: everything it needs is in this one function.
 */
export interface AxeGatePageConfig {
  tags: string[];
  /** A screen is checked once its DOM has not changed for this long. */
  quietMs: number;
  /** ... or once it has been shown this long, changing or not (never while loading or moving). */
  maxWaitMs: number;
  bindingName: string;
  /** Below this width the app draws its narrow layout (docs/product.md#constants). */
  narrowBelow: number;
}

export interface AxeGateNode {
  target: string;
  html: string;
  summary: string;
}

export interface AxeGateViolation {
  id: string;
  impact: string;
  help: string;
  nodes: AxeGateNode[];
}

export type AxeGateReport =
  | { kind: 'checked'; url: string; screen: string; violations: AxeGateViolation[] }
  | { kind: 'error'; url: string; screen: string; message: string }
  | { kind: 'focus'; url: string; screen: string; violation: AxeGateViolation };

export interface AxeGateInPage {
  /** Checks the screen now (if it is new and not loading), after any check under way. */
  flush(): Promise<void>;
  /** One axe run now, loading or not, with the caller's options. */
  runNow(
    include: string | null,
    rules: string[] | null,
  ): Promise<{ violations: AxeGateViolation[]; passes: string[] }>;
}

export function axeGateInPage(config: AxeGatePageConfig): void {
  // Frames (the report's screenshot, a file preview) are checked with the page that holds them.
  if (window !== window.top || !location.protocol.startsWith('http')) return;
  type AxeResult = {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  };
  type Axe = {
    run(context: unknown, options: unknown): Promise<{ violations: AxeResult[]; passes: { id: string }[] }>;
  };
  const axe = () => (window as unknown as { axe: Axe }).axe;
  const report = (value: unknown) =>
    (window as unknown as Record<string, (value: unknown) => Promise<void>>)[config.bindingName](value);

  const checked = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Loading: the document, a region marked busy, or a progress indicator in view. */
  const busy = () =>
    document.readyState !== 'complete' ||
    document.querySelector('[aria-busy="true"]') !== null ||
    Array.from(document.querySelectorAll('[role="progressbar"]')).some((bar) =>
      bar.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    );
  /** A transition under way (a dialog fading in): its colours are not yet the screen's. */
  const animating = () =>
    document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
  /**
   * Takes the CSS transitions still under way to their end state: their final colours are what a
   * person reads. Keyframe animations (a snackbar sliding in, a spinner) are left to run.
   */
  const finishTransitions = () => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition && animation.playState === 'running') animation.finish();
    }
  };
  const openDialogs = () =>
    Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter((dialog) =>
      dialog.checkVisibility({ visibilityProperty: true }),
    );
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const label = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : (element.getAttribute('aria-label') ?? '');
    return label.trim().slice(0, 60) || element.getAttribute('role') || 'dialog';
  };
  /** What makes a screen new: the route, the layout (wide or narrow), the page's title, its dialogs. */
  const screenOf = () => {
    const width = window.innerWidth < config.narrowBelow ? 'narrow' : 'wide';
    const title = (document.querySelector('h1')?.textContent ?? '').trim().slice(0, 60);
    const dialogs = openDialogs().map((dialog) => `dialog "${nameOf(dialog)}"`);
    return [location.pathname + location.search, width, title && `"${title}"`, ...dialogs]
      .filter(Boolean)
      .join(' | ');
  };
  const toViolations = (results: AxeResult[]): AxeGateViolation[] =>
    results.map((result) => ({
      id: result.id,
      impact: result.impact ?? 'unknown',
      help: result.help,
      nodes: result.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 200),
        summary: node.failureSummary ?? '',
      })),
    }));
  const runOptions = { runOnly: { type: 'tag', values: config.tags }, resultTypes: ['violations'] };

  /**
   * After one rendering step. A new viewport size is in innerWidth at once, but its resize and
   * media-query events (and so the app's narrow layout) only come at the next frame: a check in
   * between would judge the wide layout squeezed into a phone's width.
   */
  const nextFrame = () =>
    new Promise<void>((resolve) => {
      // A page not being drawn (hidden) gets no frames: it is checked as it stands.
      const fallback = setTimeout(resolve, 250);
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(fallback);
          resolve();
        }, 0),
      );
    });

  /** Waits while the page is loading or moving, for at most `ms`. */
  const untilStill = async (ms: number) => {
    const deadline = Date.now() + ms;
    while ((busy() || animating()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** Checks the screen shown now, unless it was checked already in this page or is loading. */
  const checkScreen = () =>
    (queue = queue.then(async () => {
      await nextFrame();
      // What began meanwhile (a field taking the focus fades its colours in) is let finish first.
      await untilStill(1_000);
      if (busy()) return;
      const screen = screenOf();
      if (checked.has(screen)) return;
      checked.add(screen);
      const url = location.href;
      // A transition under way while axe reads the page shows colours between two states (a status
      // chip's background fading to its next state's under its new text). It may have started
      // meanwhile (the journey clicked on), or be one untilStill gave up waiting for on a slow
      // machine, or one axe's own style reads started. Contrast is then judged again on the colours
      // the screen settles on.
      let moved = animating();
      const onMove = () => {
        moved = true;
      };
      document.addEventListener('transitionrun', onMove, true);
      document.addEventListener('animationstart', onMove, true);
      try {
        const results = await axe()
          .run(document, runOptions)
          .finally(() => {
            moved ||= animating();
            document.removeEventListener('transitionrun', onMove, true);
            document.removeEventListener('animationstart', onMove, true);
          });
        if (moved && results.violations.some((result) => result.id === 'color-contrast')) {
          await untilStill(1_000);
          finishTransitions();
          const again = await axe().run(document, {
            runOnly: { type: 'rule', values: ['color-contrast'] },
            resultTypes: ['violations'],
          });
          results.violations = [
            ...results.violations.filter((result) => result.id !== 'color-contrast'),
            ...again.violations,
          ];
        }
        if (screenOf() !== screen) {
          // It changed under axe (resized, navigated, a dialog opened): the findings would mix two
          // screens. Not a finding; the screen is checked again if it comes back.
          checked.delete(screen);
          await report({ kind: 'error', url, screen, message: 'the screen changed while it was checked' });
          return;
        }
        await report({ kind: 'checked', url, screen, violations: toViolations(results.violations) });
      } catch (error) {
        await report({ kind: 'error', url, screen, message: String(error) });
      }
    }));

  // A screen that keeps changing (a ripple, a grid measuring itself) is checked anyway once it has
  // been shown for half a second, loaded and still, so a journey that moves on quickly is covered too.
  let pendingScreen = '';
  let pendingSince = 0;
  const schedule = () => {
    clearTimeout(timer);
    const screen = screenOf();
    if (screen !== pendingScreen) {
      pendingScreen = screen;
      pendingSince = Date.now();
    }
    const wait = Math.max(0, Math.min(config.quietMs, pendingSince + config.maxWaitMs - Date.now()));
    timer = setTimeout(() => {
      // Still loading or moving: look again once it has been quiet for as long again.
      if (busy() || animating()) schedule();
      else void checkScreen();
    }, wait);
  };

  const gate: AxeGateInPage = {
    async flush() {
      clearTimeout(timer);
      // A screen still loading when the test moves on is given a moment, never checked half-drawn.
      await untilStill(2_000);
      await checkScreen();
    },
    runNow(include, rules) {
      const run = queue.then(() =>
        axe().run(
          include ?? document,
          rules
            ? { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations', 'passes'] }
            : runOptions,
        ),
      );
      queue = run.catch(() => undefined);
      return run.then((results) => ({
        violations: toViolations(results.violations),
        passes: results.passes.map((rule) => rule.id),
      }));
    },
  };
  (window as unknown as { __axeGate: AxeGateInPage }).__axeGate = gate;

  // A dialog gives the focus back to what opened it when it closes (WCAG 2.4.3): to the last
  // control focused outside it, or the button of the menu whose item opened it.
  const overlays =
    '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], .MuiModal-root, .MuiPopper-root';
  const recentFocus: Element[] = [];
  interface DialogWatch {
    opener: Element | undefined;
    route: string;
    screen: string;
    /** Where the focus first went outside every overlay after the dialog opened. */
    returnedTo?: Element;
  }
  const dialogWatches = new Map<Element, DialogWatch>();
  /** Dialogs just closed whose focus is still on its way back. */
  const settling = new Set<DialogWatch>();
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target as Element;
      recentFocus.push(target);
      if (recentFocus.length > 20) recentFocus.shift();
      if (target.closest(overlays)) return;
      for (const watch of [...dialogWatches.values(), ...settling]) watch.returnedTo ??= target;
    },
    true,
  );
  const describe = (element: Element | null | undefined) => {
    if (!element || element === document.body) return 'the page (nothing focused)';
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${name ? ` "${name}"` : ''}`;
  };
  const checkFocusReturned = (watch: DialogWatch) => {
    const { opener } = watch;
    // Nothing to return to: the opener went (its row was removed), or the dialog led elsewhere.
    if (!opener?.isConnected || location.pathname + location.search !== watch.route) return;
    if (!opener.checkVisibility({ visibilityProperty: true })) return;
    const landed = watch.returnedTo ?? document.activeElement;
    if (landed && (opener.contains(landed) || landed.closest('[role="dialog"], [role="alertdialog"]')))
      return;
    void report({
      kind: 'focus',
      url: location.href,
      screen: watch.screen,
      violation: {
        id: 'dialog-focus-return',
        impact: 'serious',
        help: 'Focus returns to the control that opened the dialog when it closes',
        nodes: [
          {
            target: describe(opener),
            html: opener.outerHTML.slice(0, 200),
            summary: `focus went to ${describe(landed)}${opener.matches(':disabled') ? ' (the opener is disabled)' : ''}`,
          },
        ],
      },
    });
  };
  const watchDialogs = () => {
    const open = openDialogs();
    for (const dialog of open) {
      if (dialogWatches.has(dialog)) continue;
      const opener = recentFocus.findLast(
        // A dialog opened from another has its opener inside that one.
        (element) =>
          element.isConnected &&
          !(dialog.closest('.MuiModal-root') ?? dialog).contains(element) &&
          !element.closest('[role="menu"], [role="listbox"], .MuiPopover-root, .MuiPopper-root'),
      );
      dialogWatches.set(dialog, { opener, route: location.pathname + location.search, screen: screenOf() });
    }
    for (const [dialog, watch] of dialogWatches) {
      if (open.includes(dialog)) continue;
      dialogWatches.delete(dialog);
      if (document.activeElement && document.activeElement !== document.body) {
        checkFocusReturned(watch);
        continue;
      }
      // A native <dialog> gives the focus back as it closes, after its `open` attribute is gone and
      // its field has let the focus go (this observer may run in between): judged once that is done.
      settling.add(watch);
      setTimeout(() => {
        settling.delete(watch);
        checkFocusReturned(watch);
      }, 0);
    }
  };

  const observe = () => {
    new MutationObserver(() => {
      watchDialogs();
      schedule();
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy', 'role', 'hidden', 'aria-hidden', 'open'],
    });
    schedule();
  };
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
  window.addEventListener('load', schedule);
  window.addEventListener('resize', schedule);
}
