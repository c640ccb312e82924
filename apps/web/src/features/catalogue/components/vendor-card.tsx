import { Link } from 'react-router';
import type { VendorDto } from '@jara/shared';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useT } from '../../../i18n';

export function vendorPath(v: Pick<VendorDto, '_id' | 'kind'>): string {
  return v.kind === 'food' ? `/products/food/${v._id}` : `/shops/${v._id}`;
}

function VendorCard({ vendor }: { vendor: VendorDto }) {
  const t = useT('catalogue');
  return (
    <article className="relative flex items-center gap-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] transition hover:-translate-y-0.5">
      <div className="size-20 shrink-0 overflow-hidden rounded-2xl bg-brand-50">
        {vendor.profilePhoto && (
          <ResponsiveImage
            src={vendor.profilePhoto}
            alt=""
            width={80}
            height={80}
            sizes="80px"
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="min-w-0">
        <h3 className="break-words text-base font-semibold leading-snug">
          <Link to={vendorPath(vendor)} className="after:absolute after:inset-0 after:content-['']">
            {vendor.businessName}
          </Link>
        </h3>
        {vendor.address && <p className="break-words text-sm text-stone-600">{vendor.address}</p>}
        <p
          className={`mt-1 inline-flex items-center gap-1.5 text-xs font-semibold ${vendor.isOpen ? 'text-brand-700' : 'text-stone-600'}`}
        >
          <span
            className={`size-2 rounded-full ${vendor.isOpen ? 'bg-brand-500' : 'bg-stone-400'}`}
            aria-hidden="true"
          />
          {vendor.isOpen ? t('catalogue.openNow') : t('common.openState.closed')}
        </p>
      </div>
    </article>
  );
}

export function VendorGrid({ vendors }: { vendors: VendorDto[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {vendors.map((v) => (
        <li key={v._id}>
          <VendorCard vendor={v} />
        </li>
      ))}
    </ul>
  );
}
