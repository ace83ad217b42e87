// UICore: views, state, layout. Filled by the UICore issue.
