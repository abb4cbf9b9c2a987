export { Card, StatCard, type CardProps, type StatCardProps } from './Card.js';
