# Writes the text of INPUT into OUTPUT as one C++ raw string literal, for a
# file to #include where an expression is expected: the hand viewer's page
# is compiled into sngsim, so `sngsim view` needs no source tree.
file(READ ${INPUT} text)
string(FIND "${text}" ")sngsim_text\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds the raw string's closing delimiter")
endif()
file(WRITE ${OUTPUT} "R\"sngsim_text(${text})sngsim_text\"\n")
