import type { ImageMetadata } from "astro";
import villaPeyia from "../../assets/services/villa-peyia.jpg";
import villaTala from "../../assets/services/villa-tala.jpg";
import villaKamares from "../../assets/services/villa-kamares.jpg";
import type { Testimonial } from "../home";
import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta } from "./types";

export const meta: ServiceMeta = {
  slug: "ai-chatbots",
  title: "AI Chatbots",
  description:
    "AI chatbots for your website that answer questions, qualify leads, show your listings and book viewings or appointments around the clock, in your brand's voice.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "AI Chatbots",
  title: "A Website Assistant That Never Clocks Off",
  lead: "Answer every visitor in seconds, recommend what fits, and book the meeting, whether it is 2 p.m. or 2 a.m.",
  cta: "Book a Discovery Call",
};

export const problem: Card = {
  icon: "clock",
  title: "The problem",
  text: "Visitors arrive with questions at all hours. Contact forms wait until morning, and by then many have asked a competitor who answered first.",
};

export const solution: Card = {
  icon: "chat",
  title: "The solution",
  text: "A chatbot trained on your services, prices and listings answers instantly, asks the right questions, and hands you qualified leads with the meeting already booked.",
};

export interface ChatMessage {
  from: "visitor" | "bot";
  text: string;
}

export interface Property {
  title: string;
  price: string;
  image: ImageMetadata;
  alt: string;
}

export const example = {
  title: "See it in action",
  lead: "An example conversation on a property agency's website: a visitor looking for a villa to buy.",
  assistantName: "Villa Finder",
  visitorName: "Visitor",
  viewLabel: "View",
  before: [
    { from: "visitor", text: "Hi! I'm looking to buy a villa near Paphos with a sea view. My budget is around €600,000." },
    { from: "bot", text: "Lovely choice! Here are three sea-view villas within your budget:" },
  ] satisfies ChatMessage[],
  properties: [
    { title: "Sea-View Villa, Peyia", price: "€495,000", image: villaPeyia, alt: "Two-storey white villa with a pool under a blue sky, sea behind" },
    { title: "Modern Villa with Pool, Tala", price: "€560,000", image: villaTala, alt: "Single-storey modern villa with a pool at sunset" },
    { title: "Hillside Villa, Kamares", price: "€595,000", image: villaKamares, alt: "Three-storey terraced villa with a pool at dusk" },
  ] satisfies Property[],
  after: [
    { from: "visitor", text: "The one in Tala looks perfect. Can I see it this Saturday?" },
    { from: "bot", text: "Of course! I have 10:00 or 14:00 on Saturday. Which suits you? I'll send the confirmation to your e-mail." },
  ] satisfies ChatMessage[],
};

export const industries = {
  title: "Built for your industry",
  text: "Real estate agencies, restaurants, hotels and holiday rentals, clinics, law firms and online shops: we train each chatbot on your own content, so it answers like your best team member.",
};

export const testimonial: Testimonial = {
  quote:
    "Our chatbot books viewings while we sleep. Half of our Monday appointments now come from conversations that started after office hours.",
  author: "Maria Constantinou",
  role: "Director, property agency in Paphos",
  rating: 5,
};

export const closing: ClosingCopy = {
  title: "Ready to answer every visitor?",
  text: "Book a call and we will show you a chatbot trained on your own website.",
  label: "Get Your AI Chatbot",
};
