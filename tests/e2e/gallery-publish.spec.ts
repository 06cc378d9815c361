import { expect, type APIRequestContext } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { expectNoAxeViolations } from './helpers.ts';
import { publishingTest } from './publishing-test.ts';

/**
 * The owner adds a finished job from a phone, with a camera photo that carries the
 * GPS position of the house, and publishes it (the real build runs as its own
 * process). The gallery and the project's filter pages show both photos as AVIF and
 * WebP with their alt text; one of them then replaces a brand page's drawing and
 * opens a blog article; and nothing the site serves carries EXIF. Publishing
 * swaps the server's dist/, so this server serves a copy of its own.
 */
const test = publishingTest('gallery-publish');

test.use({ viewport: { width: 390, height: 844 } });

const BEFORE_ALT = 'Before: storm-lifted shingles above the porch of a Midtown bungalow';
const AFTER_ALT = 'After: the porch roof with new matching architectural shingles';
const PAGE_ALT = 'Our crew finishing a GAF architectural shingle roof in Midtown';
const ARTICLE_ALT = 'New architectural shingles over the porch, seen from the street';
const PAGES = ['/gallery', '/gallery/service/roof-replacements', '/gallery/location/midtown-savannah-roofing'];

/** A phone's camera photo: a JPEG whose EXIF holds the camera and the GPS position of the customer's house. */
function cameraPhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '81/1 5/1 0/1' },
    })
    .toBuffer();
}

/** True when the served file carries EXIF: exifr reads JPEG and AVIF; a WebP's metadata would be an EXIF or XMP chunk. */
async function carriesExif(request: APIRequestContext, url: string): Promise<boolean> {
  const res = await request.get(url);
  expect(res.ok(), url).toBe(true);
  const bytes = await res.body();
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return bytes.includes('EXIF') || bytes.includes('XMP ');
  return (await exifr.parse(bytes).catch(() => undefined)) !== undefined;
}

test('a finished job with a camera photo is published to the gallery, to a page in place of its drawing and at the top of an article, as AVIF and WebP with its alt text and no EXIF', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const before = await cameraPhoto('#7a8f5c');
  const after = await cameraPhoto('#5c6f8f');
  // The fixture really carries what must not be served.
  expect(await exifr.gps(before)).toMatchObject({ latitude: 32.075 });

  await page.goto(`${server.url}/admin/gallery`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}/admin/gallery`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();

  const form = page.locator('form[data-admin-form="gallery-project"]');
  await form.getByLabel('Title').fill('Storm-torn shingles replaced in Midtown');
  await form.getByLabel('Service').selectOption('roof-replacements');
  await form.getByLabel('Area').selectOption('midtown-savannah-roofing');
  await form.getByLabel('Month of the job').fill('2026-11');
  await form
    .getByLabel('The story')
    .fill('The storm lifted a row of tabs over the porch; we matched the colour and sealed the ridge.');
  const side = (legend: string) => form.getByRole('group', { name: legend });
  await side('Before')
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: before });
  await side('Before').getByLabel('What the photo shows').fill(BEFORE_ALT);
  await side('After')
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: after });
  await side('After').getByLabel('What the photo shows').fill(AFTER_ALT);
  await form.getByRole('button', { name: 'Add the project' }).click();
  await expect(page.getByText('Project added. Publish the gallery to put it on the site.')).toBeVisible();
  await expectNoAxeViolations(page, '/admin/gallery');
  await page.screenshot({ path: test.info().outputPath('gallery-390.png'), fullPage: false });

  // While the build runs the button says so and cannot be pressed again; then the time it went live.
  const publish = page.locator('form[data-admin-form="gallery-publish"]');
  await publish.getByRole('button', { name: 'Publish the gallery' }).click();
  await expect(publish.getByRole('button')).toHaveText('Publishing…');
  await expect(publish.getByRole('button')).toBeDisabled();
  await expect(page.getByText('The site shows these projects and photos.')).toBeVisible({ timeout: 120_000 });
  await expect(publish.getByRole('status')).toHaveText(/^Published at \d{1,2}:\d\d [AP]M\.$/);

  const served: string[] = [];
  for (const pathname of PAGES) {
    await page.goto(`${server.url}${pathname}`);
    for (const alt of [BEFORE_ALT, AFTER_ALT]) {
      const picture = page
        .locator('picture')
        .filter({ has: page.locator(`img[alt="${alt}"]`) })
        .first();
      await expect(picture, `${pathname}: ${alt}`).toHaveCount(1);
      // Below the fold the page's script writes the sources as the picture comes near.
      await picture.scrollIntoViewIfNeeded();
      for (const [type, ext] of [
        ['image/avif', 'avif'],
        ['image/webp', 'webp'],
      ] as const) {
        const source = picture.locator(`source[type="${type}"]`);
        await expect(source, `${pathname}: ${type}`).toHaveAttribute(
          'srcset',
          new RegExp(`/img/owner-photo-\\d+-[0-9a-f]+-\\d+\\.${ext} \\d+w`),
        );
        const srcset = await source.getAttribute('srcset');
        served.push(...srcset!.split(',').map((entry) => entry.trim().split(' ')[0]!));
      }
      served.push((await picture.locator('img').getAttribute('src'))!);
    }
  }
  // The after photo in place of the GAF page's drawing, with its own words there.
  await page.goto(`${server.url}/admin/gallery`);
  const choose = page.locator('form[data-admin-form="page-photo"]');
  await choose.getByLabel('Page').selectOption('brands/gaf');
  await choose.getByRole('radio', { name: AFTER_ALT }).check();
  await choose.getByLabel('What the photo shows (optional)').fill(PAGE_ALT);
  await choose.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByText(`Brand: GAF shows this photo: “${PAGE_ALT}”`)).toBeVisible();
  await page.locator('#page-photos').screenshot({ path: test.info().outputPath('page-photos-390.png') });
  await publish.getByRole('button', { name: 'Publish the gallery' }).click();
  await expect(publish.getByRole('status')).toHaveText(/^Published at /, { timeout: 120_000 });
  await page.goto(`${server.url}/brands/gaf`);
  const figure = page.locator('main picture').filter({ has: page.locator(`img[alt="${PAGE_ALT}"]`) });
  await expect(figure).toHaveCount(1);
  const pageSrcset = await figure.locator('source[type="image/avif"]').getAttribute('srcset');
  expect(pageSrcset).toMatch(/\/img\/owner-photo-\d+-[0-9a-f]+-\d+\.avif \d+w/);
  served.push(...pageSrcset!.split(',').map((entry) => entry.trim().split(' ')[0]!));

  // The after photo at the top of an article: chosen in its editor, published with the article.
  await page.goto(`${server.url}/admin/articles?q=missing%20shingles`);
  await page.getByRole('link', { name: 'Missing Shingles After a Storm: What to Do Next' }).click();
  const article = page.locator('form[data-admin-form="article"]');
  await article.getByLabel('Picture', { exact: true }).selectOption({ label: AFTER_ALT });
  await expect(article.locator('img[data-picture-preview]')).toHaveAttribute(
    'src',
    /^\/api\/admin\/gallery\/photos\/\d+\/480\.webp$/,
  );
  await article.getByLabel('What the picture shows').fill(ARTICLE_ALT);
  await expect(article.getByRole('status')).toHaveText(/^Saved at .*\.$/, { timeout: 15_000 });
  await expectNoAxeViolations(page, '/admin/articles editor with a gallery photo');
  await page.getByRole('button', { name: 'Publish the article' }).click();
  await expect(page.locator('form[data-admin-form="article-publish"] [role="status"]')).toHaveText(/^Published at /, {
    timeout: 180_000,
  });
  await page.goto(`${server.url}/blog/missing-shingles-after-storm`);
  const top = page.locator('main picture').filter({ has: page.locator(`img[alt="${ARTICLE_ALT}"]`) });
  const articleSrcset = await top.locator('source[type="image/avif"]').getAttribute('srcset');
  expect(articleSrcset).toMatch(/\/img\/owner-photo-\d+-[0-9a-f]+-\d+\.avif \d+w/);
  served.push(...articleSrcset!.split(',').map((entry) => entry.trim().split(' ')[0]!));

  for (const url of new Set(served.filter((u) => u.startsWith('/img/')))) {
    expect(await carriesExif(page.request, `${server.url}${url}`), url).toBe(false);
  }
});
