# Tests of `make lint` itself (scripts/lint.sh): for each check, a deliberately broken copy of a
# real file must fail it and the clean original must pass. Label `lint`; they skip (77) when
# a tool is missing (scripts/setup.sh lint installs them). The lint run over the whole tree is
# not a ctest test: `make test` runs scripts/lint.sh before ctest.
foreach(lint_check format tidy eslint types actionlint text)
  add_test(NAME lint.${lint_check}
           COMMAND bash ${PROJECT_SOURCE_DIR}/tests/lint/lint_selftest.sh ${PROJECT_SOURCE_DIR} ${lint_check})
  set_tests_properties(lint.${lint_check} PROPERTIES LABELS lint SKIP_RETURN_CODE 77 TIMEOUT 120)
endforeach()
