import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ApprovalIcon from '@mui/icons-material/Approval';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BadgeIcon from '@mui/icons-material/Badge';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import CommentIcon from '@mui/icons-material/Comment';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DevicesIcon from '@mui/icons-material/Devices';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import DownloadIcon from '@mui/icons-material/Download';
import EngineeringIcon from '@mui/icons-material/Engineering';
import OutboxIcon from '@mui/icons-material/Outbox';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ExtensionIcon from '@mui/icons-material/Extension';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HelpIcon from '@mui/icons-material/Help';
import HistoryIcon from '@mui/icons-material/History';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import InventoryIcon from '@mui/icons-material/Inventory';
import LabelIcon from '@mui/icons-material/Label';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MemoryIcon from '@mui/icons-material/Memory';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaymentsIcon from '@mui/icons-material/Payments';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import PreviewIcon from '@mui/icons-material/Preview';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RuleIcon from '@mui/icons-material/Rule';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SpeedIcon from '@mui/icons-material/Speed';
import StorageIcon from '@mui/icons-material/Storage';
import StoreIcon from '@mui/icons-material/Store';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';

/**
 * The icons the menu names (MenuICon is an MUI icon name, contract menus.ts). Imported one by one
 * so the bundle carries only these; a name missing here falls back to a neutral dot.
 */
const MENU_ICONS: Record<string, typeof SvgIcon> = {
  AccountBalanceWallet: AccountBalanceWalletIcon,
  AccountTree: AccountTreeIcon,
  Approval: ApprovalIcon,
  Assessment: AssessmentIcon,
  Assignment: AssignmentIcon,
  Autorenew: AutorenewIcon,
  Badge: BadgeIcon,
  Build: BuildIcon,
  Business: BusinessIcon,
  CalendarMonth: CalendarMonthIcon,
  Category: CategoryIcon,
  Comment: CommentIcon,
  ConfirmationNumber: ConfirmationNumberIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Devices: DevicesIcon,
  DoNotDisturbOn: DoNotDisturbOnIcon,
  Download: DownloadIcon,
  Engineering: EngineeringIcon,
  Outbox: OutboxIcon,
  EventAvailable: EventAvailableIcon,
  EventRepeat: EventRepeatIcon,
  Extension: ExtensionIcon,
  FactCheck: FactCheckIcon,
  FolderShared: FolderSharedIcon,
  Gavel: GavelIcon,
  Groups: GroupsIcon,
  Handshake: HandshakeIcon,
  Help: HelpIcon,
  History: HistoryIcon,
  HourglassBottom: HourglassBottomIcon,
  Inventory: InventoryIcon,
  Label: LabelIcon,
  LocalOffer: LocalOfferIcon,
  LocalShipping: LocalShippingIcon,
  Map: MapIcon,
  Memory: MemoryIcon,
  MiscellaneousServices: MiscellaneousServicesIcon,
  NotificationsActive: NotificationsActiveIcon,
  Payments: PaymentsIcon,
  PendingActions: PendingActionsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  PersonOff: PersonOffIcon,
  PersonSearch: PersonSearchIcon,
  PrecisionManufacturing: PrecisionManufacturingIcon,
  Preview: PreviewIcon,
  PriceChange: PriceChangeIcon,
  ReceiptLong: ReceiptLongIcon,
  ReportProblem: ReportProblemIcon,
  RequestQuote: RequestQuoteIcon,
  Rule: RuleIcon,
  Search: SearchIcon,
  Settings: SettingsIcon,
  ShoppingCart: ShoppingCartIcon,
  Speed: SpeedIcon,
  Storage: StorageIcon,
  Store: StoreIcon,
  Storefront: StorefrontIcon,
  SupportAgent: SupportAgentIcon,
  SwapHoriz: SwapHorizIcon,
  TaskAlt: TaskAltIcon,
  Timelapse: TimelapseIcon,
  TrendingUp: TrendingUpIcon,
};

export function menuIcon(name: string): typeof SvgIcon {
  return MENU_ICONS[name] ?? CircleOutlinedIcon;
}
