/** The catalogue module's surface: what the app and other modules may use. */
export { catalogueModule } from './catalogue.routes.js';
export { productsOfLines, soldProduct } from './catalogue.repo.js';
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
