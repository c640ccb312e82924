export { useProducts } from './api/get-products';
export { useCategories } from './api/get-categories';
export { ProductGrid } from './components/product-grid';
export { effectivePrice, productPath } from './catalogue-rules';
export { useOpenStates } from './hooks/use-open-state';
export { useBestSellers } from './api/search-products';
