export { useProducts, productsQuery } from './api/get-products';
export { useCategories } from './api/get-categories';
export { ProductGrid } from './components/product-grid';
export { ProductCard } from './components/product-card';
export { Price } from './components/price';
export { effectivePrice, productPath } from './catalog-rules';
export { useOpenStates } from './hooks/use-open-state';
export { useBestSellers, useProductSearch } from './api/search-products';
