import type { ProductDto } from '@jara/shared';
import { ProductCard } from './product-card';

export function ProductGrid({ products, priorityCount = 0 }: { products: ProductDto[]; priorityCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {products.map((p, i) => (
        <li key={p._id} className="flex">
          <div className="w-full">
            <ProductCard product={p} priority={i < priorityCount} />
          </div>
        </li>
      ))}
    </ul>
  );
}
