/** The `{select}` of `/districts/{select}-Candidates-of-{dist}` that means every office. */
export const ALL_OFFICES = 'All';
