import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

interface PageTab {
  /** Kept in the address (?tab=categories), so that a reload or a shared link opens the same tab. */
  key: string;
  label: string;
  content: ReactNode;
}

/** The tabs of a screen that keeps several related lists (services, categories, master categories). */
export function PageTabs({ tabs, label }: { tabs: PageTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
          aria-label={label}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`${id}-tab-${tab.key}`}
              aria-controls={`${id}-panel-${tab.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${id}-panel-${current.key}`} aria-labelledby={`${id}-tab-${current.key}`}>
        {current.content}
      </Box>
    </>
  );
}
