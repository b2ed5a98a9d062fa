import type { AnyMasterContract } from '@fieldport/contract/masters';
import {
  closureRemarks,
  customerCategories,
  problemDescriptions,
  productFleetStatuses,
  serviceTypes,
  supportTypes,
  territoryCategories,
} from '@fieldport/contract/operations/settings';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, namedMasterConfig } from '../../ui/master-page.tsx';

// The settings masters that are only names (docs/product.md#masters): the route's title names them.

function namedMasterPage(contract: AnyMasterContract) {
  return function NamedMasterPage({ route, can }: FeaturePageProps) {
    return <MasterPage config={namedMasterConfig(contract, route.title)} can={can} />;
  };
}

export const ProblemDescriptionsPage = namedMasterPage(problemDescriptions);
export const ClosureRemarksPage = namedMasterPage(closureRemarks);
export const ProductFleetStatusesPage = namedMasterPage(productFleetStatuses);
export const CustomerCategoriesPage = namedMasterPage(customerCategories);
export const ServiceTypesPage = namedMasterPage(serviceTypes);
export const SupportTypesPage = namedMasterPage(supportTypes);
export const TerritoryCategoriesPage = namedMasterPage(territoryCategories);
