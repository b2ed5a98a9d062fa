import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuItem } from '@fieldport/contract/menus';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { menuIcon } from './menu-icons.ts';

function containsRoute(item: MenuItem, route: string): boolean {
  return item.SubMenu.some((sub) => sub.MenuRoute === route || containsRoute(sub, route));
}

function withHolder(open: Set<string>, menu: MenuItem[], pathname: string): Set<string> {
  const holder = menu.find((item) => item.has_child_routes && containsRoute(item, pathname));
  return holder && !open.has(holder.MenuName) ? new Set(open).add(holder.MenuName) : open;
}

/** The sidebar menu built by the contract's buildMenu (docs/product.md#menus-and-landing-pages). */
export function SideMenu({ menu, onNavigate }: { menu: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Set<string>>(() => withHolder(new Set(), menu, pathname));
  // The group that holds the current page opens by itself (adjusted while rendering, not in an effect).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen((current) => withHolder(current, menu, pathname));
  }

  function toggle(name: string, force?: boolean) {
    setOpen((current) => {
      const next = new Set(current);
      if (force ?? !next.has(name)) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  function go(route: string) {
    navigate(route);
    onNavigate?.();
  }

  return (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto', py: 1 }}>
      {onNavigate && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2.5, py: 1.5 }}>
          <BrandMark size={30} />
          <Box component="span" sx={{ fontWeight: 800, color: 'primary.dark' }}>
            Fieldport
          </Box>
        </Box>
      )}
      <List disablePadding>
        {menu.map((item) => {
          const Icon = menuIcon(item.MenuICon);
          if (!item.has_child_routes) {
            return (
              <ListItem key={item.MenuName} disablePadding sx={{ px: 1 }}>
                <MenuLink
                  item={item}
                  icon={<Icon fontSize="small" />}
                  active={pathname === item.MenuRoute}
                  onClick={() => go(item.MenuRoute)}
                />
              </ListItem>
            );
          }
          const expanded = open.has(item.MenuName);
          const holdsActive = containsRoute(item, pathname);
          const groupId = `menu-group-${item.MenuName.replace(/\W+/g, '-')}`;
          return (
            // The sub-list follows the group's item rather than sitting inside it (MUI's nested-list
            // layout), so that each item of the top list reads as just its name.
            <Fragment key={item.MenuName}>
              <ListItem disablePadding sx={{ px: 1 }}>
                {/* A group opens its own route (Tickets opens /ActiveTickets). */}
                <MenuLink
                  item={item}
                  icon={<Icon fontSize="small" />}
                  active={pathname === item.MenuRoute && !holdsActive}
                  emphasised={holdsActive}
                  onClick={() => {
                    toggle(item.MenuName, true);
                    navigate(item.MenuRoute);
                  }}
                />
                <IconButton
                  size="small"
                  aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.MenuName}`}
                  aria-expanded={expanded}
                  aria-controls={groupId}
                  onClick={() => toggle(item.MenuName)}
                  sx={{ ml: 0.5 }}
                >
                  {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                </IconButton>
              </ListItem>
              {/* An item of the menu's list itself, so that the list holds only items. */}
              <Collapse component="li" in={expanded} timeout="auto" unmountOnExit id={groupId}>
                <List disablePadding aria-label={item.MenuName}>
                  {item.SubMenu.map((sub) => {
                    const SubIcon = menuIcon(sub.MenuICon);
                    return (
                      <ListItem key={sub.MenuName} disablePadding sx={{ pl: 2.5, pr: 1 }}>
                        <MenuLink
                          item={sub}
                          dense
                          icon={<SubIcon fontSize="small" />}
                          active={pathname === sub.MenuRoute}
                          onClick={() => go(sub.MenuRoute)}
                        />
                      </ListItem>
                    );
                  })}
                </List>
              </Collapse>
            </Fragment>
          );
        })}
      </List>
    </Box>
  );
}

function MenuLink({
  item,
  icon,
  active,
  emphasised = false,
  dense = false,
  onClick,
}: {
  item: MenuItem;
  icon: ReactNode;
  active: boolean;
  emphasised?: boolean;
  dense?: boolean;
  onClick: () => void;
}) {
  return (
    <ListItemButton
      component="a"
      href={item.MenuRoute}
      selected={active}
      aria-current={active ? 'page' : undefined}
      dense={dense}
      onClick={(event: MouseEvent) => {
        // Plain clicks stay in the app; modified clicks (new tab) keep the link's default.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onClick();
      }}
      sx={{
        borderRadius: 2,
        my: 0.125,
        py: dense ? 0.5 : 0.75,
        flexGrow: 1,
        '&.Mui-selected': { bgcolor: 'rgba(23, 71, 166, 0.12)', color: 'primary.dark' },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: active || emphasised ? 'primary.main' : 'text.secondary' }}>
        {icon}
      </ListItemIcon>
      <ListItemText
        primary={item.MenuName}
        slotProps={{
          primary: {
            sx: { fontWeight: active || emphasised ? 700 : 500, fontSize: dense ? '0.85rem' : '0.92rem' },
          },
        }}
      />
    </ListItemButton>
  );
}
