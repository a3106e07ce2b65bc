/* Only the header matters: LLVMFuzzerRunDriver comes from libFuzzer (-sanitize=fuzzer). */
