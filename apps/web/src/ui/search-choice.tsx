import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/**
 * One record found by what is typed, searched on the server (a fleet item by its serial, an open
 * ticket by its number or phone): the options are the server's answer as it is, each its name and
 * what tells it apart. The caller debounces what is typed (`onType`) and searches.
 */
export function SearchChoice<Option>(props: {
  label: string;
  options: Option[];
  loading: boolean;
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** What the person typed, as they type it. */
  onType: (text: string) => void;
  optionKey: (option: Option) => string;
  optionLabel: (option: Option) => string;
  /** The option's second line. */
  optionDetail: (option: Option) => string;
  noOptionsText: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: string;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  const { optionKey, optionLabel, optionDetail } = props;
  return (
    <Autocomplete<Option>
      options={props.options}
      value={props.value}
      loading={props.loading}
      filterOptions={(options) => options}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, value) => optionKey(option) === optionKey(value)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') props.onType(text);
      }}
      onChange={(_, option) => props.onChange(option)}
      onBlur={props.onBlur}
      noOptionsText={props.noOptionsText}
      renderOption={(optionProps, option) => (
        <li {...optionProps} key={optionKey(option)}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {optionLabel(option)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {optionDetail(option)}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          autoFocus={props.autoFocus}
          inputRef={props.inputRef}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': props.label },
          }}
        />
      )}
    />
  );
}
