export {
  addDays,
  earliestSelectableDay,
  formatDay,
  formatDayRange,
  isRangeComplete,
  rangeShortcuts,
  todayUtc,
  type RangeShortcut,
  type RangeShortcutLabel,
} from './date-range';
export { DateRangePicker } from './date-range-picker';
export { SingleDatePicker } from './single-date-picker';
export { buildVisibleTree, descendantIds, filterTree, flattenTree, type TreeNode, type VisibleTreeNode } from './tree';
export { TreeMultiSelect, TreeSelect } from './tree-multi-select';
export { ChipsMultiSelect, SearchableSelect, type SelectOption } from './searchable-select';
export { SEARCH_DEBOUNCE_MS, SearchInput } from './search-input';
export { REPORT_TOAST_MS, showReportError, showReportSuccess } from './report-toast';
