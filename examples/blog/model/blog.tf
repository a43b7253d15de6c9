# Needs the hashicorp/aws provider >= 6.30.0: a multi-attribute index key is
# declared with global_secondary_index key_schema blocks.

resource "aws_dynamodb_table" "blog_dynamodb_table" {
  name         = "blog-dynamodb-table"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  attribute {
    name = "user_email_pk"
    type = "S"
  }

  attribute {
    name = "username"
    type = "S"
  }

  attribute {
    name = "user_status_pk"
    type = "S"
  }

  attribute {
    name = "rating_sk"
    type = "N"
  }

  attribute {
    name = "post_status_pk"
    type = "S"
  }

  attribute {
    name = "created_at"
    type = "N"
  }

  attribute {
    name = "post_slug"
    type = "S"
  }

  attribute {
    name = "tag_type_pk"
    type = "S"
  }

  attribute {
    name = "tag_name_sk"
    type = "S"
  }

  attribute {
    name = "user_id"
    type = "S"
  }

  attribute {
    name = "status"
    type = "S"
  }

  global_secondary_index {
    name            = "USERS_BY_EMAIL"
    hash_key        = "user_email_pk"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "USERS_BY_USERNAME"
    hash_key        = "username"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "USERS_BY_STATUS_RATING"
    hash_key        = "user_status_pk"
    range_key       = "rating_sk"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "POSTS_BY_STATUS_CREATED_AT_2"
    hash_key        = "post_status_pk"
    range_key       = "created_at"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "POSTS_BY_SLUG"
    hash_key        = "post_slug"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "TAGS_BY_TYPE_RATING"
    hash_key        = "tag_type_pk"
    range_key       = "rating_sk"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "POSTS_BY_STATUS_RATING"
    hash_key        = "post_status_pk"
    range_key       = "rating_sk"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "TAGS_BY_TYPE_NAME"
    hash_key        = "tag_type_pk"
    range_key       = "tag_name_sk"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "USERS_BY_STATUS_CREATED_AT_2"
    hash_key        = "user_status_pk"
    range_key       = "created_at"
    projection_type = "ALL"
  }

  global_secondary_index {
    name            = "POSTS_BY_USER_STATUS_CREATED_AT_2"
    projection_type = "ALL"

    key_schema {
      attribute_name = "user_id"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "status"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "created_at"
      key_type       = "RANGE"
    }
  }
}
