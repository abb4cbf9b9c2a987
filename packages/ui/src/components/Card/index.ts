export { Card, type CardProps } from './Card.js';
export { StatCard, type StatCardProps } from './StatCard.js';
