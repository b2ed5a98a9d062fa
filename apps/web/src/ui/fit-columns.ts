/** What fitting needs of a column (DataTableColumn has these and more). */
export interface FittableColumn {
  field: string;
  width?: number;
  minWidth?: number;
  flex?: number;
  hideOnNarrow?: boolean;
  narrowMinWidth?: number;
  priority?: number;
}

/** The narrowest a column becomes when it has no minWidth of its own. */
const DEFAULT_MIN_WIDTH = 120;
/** Below 850 px a column asks for no more than this (unless it says otherwise) before others are hidden. */
const NARROW_MIN_WIDTH = 90;
/** The Actions column: one icon button per action on wide screens, one menu button below 850 px. */
const ACTION_WIDTH = 48;
const NARROW_ACTIONS_WIDTH = 56;

interface FittedColumn {
  field: string;
  width?: number;
  flex?: number;
  minWidth: number;
}

interface FittedColumns {
  /** The columns shown, in their order, with the widths the grid is given. */
  shown: FittedColumn[];
  /** The fields of the columns that gave way (hidden below 850 px or for want of width). */
  hidden: string[];
  /** Whether the rows get a Details action for what gave way. */
  details: boolean;
  actionsWidth: number;
}

/** Hidden for want of width: the higher the number, the sooner (narrow-only columns first). */
function priorityOf(column: FittableColumn): number {
  return column.priority ?? (column.hideOnNarrow ? 2 : 1);
}

function minimumOf(column: FittableColumn, narrow: boolean): number {
  const minimum = Math.min(column.minWidth ?? DEFAULT_MIN_WIDTH, column.width ?? Infinity);
  return narrow ? (column.narrowMinWidth ?? Math.min(minimum, NARROW_MIN_WIDTH)) : minimum;
}

function actionsWidthOf(actionCount: number, narrow: boolean): number {
  if (actionCount === 0) return 0;
  return narrow ? NARROW_ACTIONS_WIDTH : Math.max(96, actionCount * ACTION_WIDTH);
}

/**
 * Which columns a list shows in `available` pixels, and how wide (docs/architecture.md#lists):
 * below 850 px the columns marked hideOnNarrow go; then, while the columns' smallest widths and
 * the Actions column do not fit, the column of the highest priority number goes (the rightmost
 * of equals). The first column always stays, and so do the row's actions. What is shown keeps its
 * declared widths when they fit, and otherwise shares the width in proportion to them, never
 * below each column's smallest width, so that the table never scrolls sideways.
 */
export function fitColumns(
  columns: FittableColumn[],
  options: {
    available: number;
    narrow: boolean;
    actionCount: number;
    /** Each row opens a page of its own with everything: what gives way needs no Details action. */
    rowOpensPage?: boolean;
  },
): FittedColumns {
  const { narrow } = options;
  let shown = columns.filter((column) => !(narrow && column.hideOnNarrow));
  // A column that gives way adds "Details" to the row's actions, which needs its room too.
  const actionsWidth = (count: number) => actionsWidthOf(options.actionCount + count, narrow);
  const detailsCount = () => (!options.rowOpensPage && shown.length < columns.length ? 1 : 0);
  const needed = () =>
    shown.reduce((sum, column) => sum + minimumOf(column, narrow), 0) + actionsWidth(detailsCount());

  // Not measured yet (a hidden tab): the declared widths, less what narrow screens hide.
  if (options.available > 0) {
    while (shown.length > 1 && needed() > options.available) {
      let drop = 1;
      for (let index = 2; index < shown.length; index++) {
        if (priorityOf(shown[index]) >= priorityOf(shown[drop])) drop = index;
      }
      shown = shown.filter((_, index) => index !== drop);
    }
  }

  const finalActionsWidth = actionsWidth(detailsCount());
  const declared =
    shown.reduce((sum, column) => sum + (column.width ?? minimumOf(column, false)), 0) + finalActionsWidth;
  const fitsAsDeclared = !narrow && (options.available <= 0 || declared <= options.available);

  return {
    shown: shown.map((column) =>
      fitsAsDeclared
        ? {
            field: column.field,
            width: column.width,
            flex: column.flex ?? (column.width ? undefined : 1),
            // The grid would widen a column to its minWidth: a narrower declared width is its minimum.
            minWidth: minimumOf(column, false),
          }
        : {
            // In proportion to the declared width (a flexible column to its smallest width).
            field: column.field,
            flex: column.width ?? (column.minWidth ?? DEFAULT_MIN_WIDTH) * (column.flex ?? 1),
            minWidth: minimumOf(column, narrow),
          },
    ),
    hidden: columns.filter((column) => !shown.includes(column)).map((column) => column.field),
    details: detailsCount() > 0,
    actionsWidth: finalActionsWidth,
  };
}
