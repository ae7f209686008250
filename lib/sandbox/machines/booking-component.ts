import type { Machine } from './types';

/** Booking component: `pending` until you record that its supplier has confirmed it. */
export const bookingComponentMachine: Machine = {
  kind: 'booking_component',
  async create(component) {
    component.status = 'pending';
    return { object: component, events: [] };
  },
};
