/** The catalogue module's surface: what the app and other modules may use. */
export { catalogueModule } from './catalogue.routes.js';
export { CatalogueStore } from './snapshot.js';
export {
  approvedShops,
  lockSlotCapacities,
  optionsOfProducts,
  pickupPlaces,
  productsForCheckout,
  productsOfLines,
  soldProduct,
  type OptionRow,
  type ProductRow,
  type VendorRow,
} from './ordering.service.js';
export { knownProducts, productsOfOptions, shopsByIds } from './catalogue.queries.js';
export { shopOwnerSql } from './insight-figures.js';
export {
  addBanner,
  allCategories,
  changeBanner,
  deleteBanner,
  deleteCategory,
  listBanners,
  saveCategory,
} from './content.service.js';
export {
  addProduct,
  editProduct,
  isCategory,
  lockShop,
  openShopApplication,
  pendingShops,
  retireProduct,
  setProductInStock,
  updateShop,
  vendorOfUser,
  vendorProduct,
  vendorProducts,
  type VendorProduct,
} from './vendors.service.js';
