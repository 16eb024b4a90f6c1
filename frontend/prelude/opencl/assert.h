/* gpumc prelude stub: assert is defined by the force-included prelude */
