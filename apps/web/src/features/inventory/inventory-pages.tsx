// The screens of spare parts (docs/inventory.md), one chunk for the area.
export { ComponentsPage } from './components-page.tsx';
export { ServiceCentersPage } from './service-centers-page.tsx';
export { InventoryPage } from './inventory-page.tsx';
export { StockMovementsPage } from './stock-movements-page.tsx';
export { MrfPage } from './mrf-page.tsx';
