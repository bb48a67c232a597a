export const SERVICE_NOTE_MAX = 1000;
export const SERVICE_REQUEST_STATUSES = ['received', 'in_progress', 'done'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** GET /api/services: what the broker offers, in the request's language. */
export interface ServiceOffer {
  id: number;
  code: string;
  icon: string;
  title: string;
  description: string;
}

/** POST /api/service-requests: `service_id`, optional `note` (see services.schema.ts). */
export interface ServiceRequestBody {
  service_id: number;
  note?: string | null;
}

/** A client's request, as GET /api/service-requests lists it. */
export interface ServiceRequest {
  id: number;
  service: { id: number; code: string; title: string };
  note: string | null;
  status: ServiceRequestStatus;
  created_at: string;
}
