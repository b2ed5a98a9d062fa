import { Fragment, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EngineeringIcon from '@mui/icons-material/Engineering';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { formatCount } from '@fieldport/contract/lists';
import { SEARCH_KIND_LABELS, type SearchGroup, type SearchKind } from '@fieldport/contract/operations/search';

/** Each kind's icon: the one its screen has in the menu (menus.ts). */
export const KIND_ICONS: Record<SearchKind, ComponentType<SvgIconProps>> = {
  TICKETS: ConfirmationNumberIcon,
  CUSTOMERS: PersonIcon,
  FLEET_ITEMS: PrecisionManufacturingIcon,
  QUOTATIONS: RequestQuoteIcon,
  PURCHASE_ORDERS: ShoppingCartIcon,
  STAFF: PeopleIcon,
  TECHNICIANS: EngineeringIcon,
  PARTNER_AGENTS: SupportAgentIcon,
  DEALER_AGENTS: SupportAgentIcon,
  SERVICE_PARTNER_OWNERS: HandshakeIcon,
  DEALER_OWNERS: StorefrontIcon,
};

/** 'a', 'a or b', 'a, b or c'. */
function anyOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The kinds as a sentence reads them: 'tickets', 'customers', 'product fleet'. */
const kindWords = (kinds: readonly SearchKind[]) =>
  kinds.map((kind) => SEARCH_KIND_LABELS[kind].toLowerCase());

/** What an empty answer says: "No tickets, customers or dealers match 'xyz'". */
export function noMatchWords(kinds: readonly SearchKind[], term: string): string {
  const what = kinds.length ? anyOf(kindWords(kinds)) : 'records';
  return `No ${what} match '${term.trim()}'`;
}

/** "Show all 12 tickets". */
export const showAllWords = (group: SearchGroup) =>
  `Show all ${formatCount(group.total_count, group.total_capped)} ${group.label.toLowerCase()}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the places it contains the term marked (case aside). */
export function Highlighted({ text, term }: { text: string; term: string }) {
  const needle = term.trim();
  if (!needle) return <>{text}</>;
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'i'));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Box
            key={index}
            component="mark"
            sx={{ bgcolor: 'rgba(255, 193, 7, 0.35)', color: 'inherit', borderRadius: 0.5, px: 0.125 }}
          >
            {part}
          </Box>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
