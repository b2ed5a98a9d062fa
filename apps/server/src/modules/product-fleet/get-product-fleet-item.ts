import { FLEET_MESSAGES, GetProductFleetItem } from '@fieldport/contract/operations/product-fleet';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { readFleetDetail } from './list-product-fleet.ts';

export const getProductFleetItem = defineHandler(
  GetProductFleetItem,
  async (input, { db, caller, files }) => {
    const detail = await readFleetDetail(db, caller, files, input.fleet_item_id);
    if (!detail) throw notFound(FLEET_MESSAGES.notFound);
    return { data: { items: [detail] } };
  },
);
