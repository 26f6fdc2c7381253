"""The form fields every app's forms use: rows chosen by id, refused in French when no row can
have that id (rather than a database error), and choices listed by the name of the player
each row names, in French alphabetical order."""

from django import forms

from common.names import by_name

# The largest id a BigAutoField holds: a bigger number typed in a form is no row, and must not
# reach the database (SQLite raises OverflowError, PostgreSQL an out-of-range error).
LARGEST_ID = 2**63 - 1


def holdable_id(value) -> bool:
    """Whether ``value`` is an id a row can have: digits, within a BigAutoField."""
    text = str(value)
    return text.isascii() and text.isdigit() and int(text) <= LARGEST_ID


class RowsChoiceField(forms.ModelMultipleChoiceField):
    """Several rows by id; an id no row can have is an invalid choice, not a database error."""

    def _check_values(self, value):
        for pk in value:
            if not holdable_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)


class RowChoiceField(forms.ModelChoiceField):
    """One row by id; an id no row can have is an invalid choice, not a database error."""

    def to_python(self, value):
        if value not in self.empty_values and not holdable_id(value):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


class ByNameChoiceIterator(forms.models.ModelChoiceIterator):
    """A choice field's rows in French alphabetical order of the player each names, sorted in
    Python as every list of names is (``common.names``)."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for row in by_name(self.queryset, player=self.field.player_of):
            yield self.choice(row)


def choices_by_name(field: forms.ModelChoiceField, queryset, *, player) -> None:
    """Give ``field`` its ``queryset``, listed by the name of each row's ``player``."""
    field.iterator = ByNameChoiceIterator
    field.player_of = player
    field.queryset = queryset  # sets the widget's choices, with the iterator above
