import type { AdminCategory, BannerDto, BannerInput, CategoryInput } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  addBanner,
  allCategories,
  changeBanner,
  deleteBanner,
  deleteCategory,
  listBanners,
  saveCategory,
} from '../catalogue/index.js';
import { isOwnUpload } from '../media/index.js';

function toBannerDto(b: Awaited<ReturnType<typeof listBanners>>[number]): BannerDto {
  return {
    _id: b.id,
    image: b.image,
    headline: b.headline,
    text: b.text,
    link: b.link,
    position: b.position,
    active: b.active,
  };
}

/** What the shop window shows: categories and home banners, kept by the catalogue module. */
export class AdminContent {
  constructor(private readonly ctx: AppContext) {}

  async categories(): Promise<AdminCategory[]> {
    return (await allCategories(this.ctx.db)).map((c) => ({
      path: c.path,
      text: c.text,
      image: c.image,
      bgColor: c.bgColor,
      position: c.position,
    }));
  }

  async saveCategory(input: CategoryInput) {
    const existing = (await allCategories(this.ctx.db)).find((c) => c.path === input.path);
    if (
      existing?.image !== input.image &&
      !input.image.startsWith('/media/seed/') &&
      !(await isOwnUpload(this.ctx.storage, input.image, 'categories/'))
    ) {
      throw badRequest('Upload the image again.', 'invalid_image');
    }
    const clash = (await allCategories(this.ctx.db)).find(
      (c) => c.text.toLowerCase() === input.text.toLowerCase() && c.path !== input.path,
    );
    if (clash) throw conflict('Another category already has that name.', 'duplicate_category');
    await saveCategory(this.ctx.db, input);
  }

  async deleteCategory(path: string) {
    const r = await deleteCategory(this.ctx.db, path);
    if (r === 'missing') throw notFound('Category not found.');
    if (r === 'in_use') throw conflict('Products use this category; move them first.', 'category_in_use');
  }

  async banners(onlyActive = false) {
    return (await listBanners(this.ctx.db, onlyActive)).map(toBannerDto);
  }

  private async checkBannerImage(image: string, current?: string) {
    if (image === current || image.startsWith('/media/seed/')) return;
    if (!(await isOwnUpload(this.ctx.storage, image, 'banners/')))
      throw badRequest('Upload the image again.', 'invalid_image');
  }

  async createBanner(input: BannerInput) {
    await this.checkBannerImage(input.image);
    return toBannerDto(await addBanner(this.ctx.db, input));
  }

  async updateBanner(id: string, input: BannerInput) {
    const current = (await listBanners(this.ctx.db)).find((b) => b.id === id);
    if (!current) throw notFound('Banner not found.');
    await this.checkBannerImage(input.image, current.image);
    return toBannerDto((await changeBanner(this.ctx.db, id, input))!);
  }

  async deleteBanner(id: string) {
    if (!(await deleteBanner(this.ctx.db, id))) throw notFound('Banner not found.');
  }
}
