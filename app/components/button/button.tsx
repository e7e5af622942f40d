import type { ComponentPropsWithRef } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'lg';
}

export function buttonClassName({
  variant = 'secondary',
  block = false,
  size = 'md',
  className,
}: Pick<ButtonProps, 'variant' | 'block' | 'size' | 'className'>): string {
  return [
    'ic-button',
    `ic-button--${variant}`,
    block && 'ic-button--block',
    size === 'lg' && 'ic-button--lg',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({ variant, block, size, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, block, size, className })}
      {...rest}
    />
  );
}
