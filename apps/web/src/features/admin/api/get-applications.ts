import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningHours } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface VendorApplication {
  _id: string; businessName: string; kind: string; phone: string; address: string; latitude: number; longitude: number;
  profilePhoto: string; openingHours: OpeningHours; applicant: string | null; email: string | null; createdAt: string;
}
export interface RiderApplication { _id: string; name: string; phone: string; dateOfBirth: string; vehicle: string; email: string; createdAt: string }

export const getApplications = () => api.get<{ success: true; vendors: VendorApplication[]; riders: RiderApplication[] }>('/api/admin/applications');

export const applicationsQuery = queryOptions({ queryKey: ['admin', 'applications'], queryFn: getApplications, staleTime: 0 });

export function useApplications() {
  return useQuery(applicationsQuery);
}
