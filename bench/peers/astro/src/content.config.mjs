import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

// The bench passes the folder of generated articles (absolute) in BENCH_ARTICLES.
const blog = defineCollection({ loader: glob({ pattern: '*.md', base: process.env.BENCH_ARTICLES ?? './articles' }) });

export const collections = { blog };
