// The catalogue's pages, the parts other pages show (Best Sellers, the cart's lines), and the
// reads and rules a server-rendered page prefetches and describes itself with (app/page-data.ts).
export { categoriesQuery, useCategories } from './api/get-categories';
export { productsQuery } from './api/get-products';
export { vendorQuery } from './api/get-vendor';
export { vendorsQuery } from './api/get-vendors';
export { bestSellersQuery } from './api/search-products';
export { cheapestOption, effectivePrice } from './catalogue-rules';
export { BestSellers } from './components/best-sellers';
export { CategoryPage } from './components/category-page';
export { ProductDetailPage } from './components/product-detail-page';
export { ProductsPage } from './components/products-page';
export { ShopsPage } from './components/shops-page';
export { FoodVendorPage, ShopPage } from './components/vendor-products-page';
export { WishlistPage } from './components/wishlist-page';
export { useCartLines } from './hooks/use-cart-lines';
